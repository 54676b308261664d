"""Skills over real Socket.IO: ``token.register`` takes the book's skills
however they are written and the world's own (``setting_skills``, the GM's
setting), refuses any other by its name and keeps nothing of it;
``skills.list`` answers both lists to anyone at the table."""

from __future__ import annotations

from ..wire_schemas import assert_valid, ok

STATISTICS = {"endurance": 3, "strength": 3, "agility": 3, "will": 3, "perception": 3, "education": 3}


def token(skills: dict, token_id: str = "earl-1") -> dict:
    return {"token_id": token_id, "actor_id": "earl", "name": "Earl", "statistics": STATISTICS, "skills": skills}


def refused(client, event, **request):
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    return answer["error"]


def tracked(client) -> dict:
    return {state["token_id"]: state["skills"] for state in ok(client, "table.snapshot")["tokens"]}


def test_an_unknown_skill_is_refused_by_its_name_and_nothing_is_registered(gm):
    error = refused(gm, "token.register", **token({"Pistol": 2, "Melee 2": 1, "Basket Weaving": 3}))
    assert (error["code"], list(error["fields"])) == ("invalid", ["skills"])
    assert sorted(error["fields"]["skills"]) == ["Basket Weaving", "Melee 2"]
    assert "'Melee 2'" in error["message"] and "'Basket Weaving'" in error["message"]
    assert tracked(gm) == {}


def test_the_books_skills_are_known_however_written(gm):
    skills = {"long_arms": 2, "Melee, one-handed": 1, "read individual": 0, "Lock-Picking": 1, "COMPUTER SECURITY": 4}
    ok(gm, "token.register", **token(skills))
    assert tracked(gm) == {"earl-1": skills}


def test_every_weapon_skill_of_the_arsenal_is_a_skill(gm):
    arsenal = ok(gm, "equipment.list")
    weapon_skills = {item["skill"] for item in arsenal["melee"] + arsenal["ranged"]}
    assert weapon_skills  # the book's arsenal names its weapons' skills
    ok(gm, "token.register", **token({name: 1 for name in weapon_skills}))
    assert set(tracked(gm)["earl-1"]) == weapon_skills


def test_the_worlds_own_skills_are_the_gms_setting_and_every_page_lists_them(gm, player_for):
    alice = player_for("alice", ["earl"])
    assert refused(gm, "token.register", **token({"Xenobotany": 2}))["fields"] == {
        "skills": {"Xenobotany": ["not a skill of the book or of this world (settings: setting_skills)"]}
    }
    assert refused(alice, "settings.update", settings={"setting_skills": ["Codery"]})["code"] == "forbidden"
    ok(gm, "settings.update", settings={"setting_skills": ["Xenobotany", "Codery", "xenobotany", "Stealth"]})
    ok(gm, "token.register", **token({"Xenobotany": 2, "codery": 1, "Stealth": 3}))
    answer = alice.request("skills.list")
    assert answer["ok"], answer
    assert_valid("result.skills.list.json", answer["result"])
    listed = answer["result"]
    assert listed["world"] == ["Xenobotany", "Codery"]  # once each, the book's Stealth left to the book
    assert {"Pistol", "Long Arms", "Melee, two-handed", "Read Crowd", "Survival", "Stealth"} <= set(listed["book"])
    assert not {"Xenobotany", "Codery", "Telewave"} & set(listed["book"])  # the example setting's skills are a world's


def test_a_bad_setting_skills_list_is_refused_naming_it(gm):
    for bad in (["x" * 41], [""], "Codery", ["Codery"] * 101):
        error = refused(gm, "settings.update", settings={"setting_skills": bad})
        assert (error["code"], list(error["fields"]["settings"])) == ("invalid", ["setting_skills"]), bad
