// The part of socket.io-client 4.8's API the plugin uses (core/bridge-client.js is handed `io`), for the type
// check (tests/test_plugin_types.py); the vendored file itself is minified and not checked.
export interface Socket {
  connected: boolean;
  auth: object | ((cb: (data: object) => void) => void);
  io: { on(event: string, listener: (...args: any[]) => void): unknown; opts: object };
  on(event: string, listener: (...args: any[]) => void): this;
  off(event?: string, listener?: (...args: any[]) => void): this;
  emit(event: string, ...args: any[]): this;
  timeout(ms: number): { emitWithAck(event: string, ...args: any[]): Promise<any> };
  connect(): this;
  disconnect(): this;
}
export function io(uri: string, options?: object): Socket;
