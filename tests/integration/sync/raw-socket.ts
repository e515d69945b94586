import * as encoding from "lib0/encoding";

// A bare WebSocket speaking the Hocuspocus wire format by hand, to send what no provider would.

export const MESSAGE_SYNC = 0;
export const MESSAGE_AUTH = 2;
export const SYNC_UPDATE = 2;

export const frame = (write: (encoder: encoding.Encoder) => void): Uint8Array<ArrayBuffer> => {
  const encoder = encoding.createEncoder();
  write(encoder);
  return new Uint8Array(encoding.toUint8Array(encoder));
};

export const authFrame = (documentName: string, token: string) =>
  frame((e) => {
    encoding.writeVarString(e, documentName);
    encoding.writeVarUint(e, MESSAGE_AUTH);
    encoding.writeVarUint(e, 0);
    encoding.writeVarString(e, token);
  });

export const updateFrame = (documentName: string, update: Uint8Array) =>
  frame((e) => {
    encoding.writeVarString(e, documentName);
    encoding.writeVarUint(e, MESSAGE_SYNC);
    encoding.writeVarUint(e, SYNC_UPDATE);
    encoding.writeVarUint8Array(e, update);
  });

export interface RawSocket {
  socket: WebSocket;
  received: Uint8Array[];
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<void>;
}

export function rawSocket(url: string): RawSocket {
  const socket = new WebSocket(url);
  socket.binaryType = "arraybuffer";
  const received: Uint8Array[] = [];
  socket.addEventListener("message", (event) => received.push(new Uint8Array(event.data as ArrayBuffer)));
  return {
    socket,
    received,
    opened: new Promise((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error("socket error")), { once: true });
    }),
    closed: new Promise((resolve) =>
      socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason }), {
        once: true,
      }),
    ),
  };
}
