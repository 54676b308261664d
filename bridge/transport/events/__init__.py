"""The bridge's own Socket.IO handlers, one module per area, each with
``init_app(app)``. Each rule system registers its own handlers, in its
package's ``events`` (``bridge.systems``)."""

from ...scripting import events as macros
from . import chat, dice, gm, handoff, jobs, log, scenes, session, systems

#: The bridge's own areas, registered by the app factory before the rule systems'.
MODULES = (session, gm, handoff, dice, chat, scenes, jobs, log, systems, macros)
