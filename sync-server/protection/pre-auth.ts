import type { Duplex } from "node:stream";

// Memory before sign-in (docs/hardening.md; rule INPUT3). A sync socket that has not signed in yet may send
// a small allowance of bytes, all such sockets together a global budget, and it has a deadline to sign
// in, enforced by a timer of its own. Breaching any closes that socket with 4205. Bytes are counted
// as they arrive on the TCP socket, before the WebSocket library buffers a frame (a 4.5 MiB frame is
// refused after the allowance, not after it was read whole). Once one document of the socket signs in,
// its bytes leave the budget and nothing more is counted: the socket is a signed-in user's, and the
// per-user limits apply. Hocuspocus keeps its own queue caps behind this.

/** INPUT3: the close code of a socket that breaches a pre-authentication limit. */
export const PRE_AUTH_CLOSE_CODE = 4205;

export interface PreAuthLimits {
  /** Bytes one socket may send before it signs in. */
  perSocketBytes: number;
  /** Bytes all sockets not yet signed in may have sent together. */
  totalBytes: number;
  /** Time from the upgrade to the first sign-in, ms. */
  deadlineMs: number;
}

export type PreAuthBreach = "pre-auth-bytes" | "pre-auth-budget" | "pre-auth-deadline";

/** Closes the socket with `PRE_AUTH_CLOSE_CODE` and the breach as the reason. */
export type CloseSocket = (breach: PreAuthBreach) => void;

/**
 * One socket's allowance, from its upgrade until it signs in or closes. A refused socket's bytes stay
 * in the budget until the socket has closed (its buffers are freed then), so the budget bounds the
 * memory of every socket not signed in, refused ones included; it is closed as soon as its close frame
 * is written.
 */
export class PreAuthGate {
  #bytes = 0;
  #counting = true;
  #returned = false;
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly budget: PreAuthBudget,
    private readonly socket: Duplex,
    private readonly close: CloseSocket,
  ) {
    this.#timer = setTimeout(() => this.#refuse("pre-auth-deadline"), budget.limits.deadlineMs);
    this.#timer.unref();
    socket.on("data", this.#count);
    socket.once("close", this.release);
  }

  /** Bytes this socket sent before signing in (0 once released). */
  get bytes(): number {
    return this.#bytes;
  }

  readonly #count = (chunk: Buffer | string) => {
    if (!this.#counting) return;
    const size = typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    this.#bytes += size;
    this.budget.held += size;
    if (this.#bytes > this.budget.limits.perSocketBytes) this.#refuse("pre-auth-bytes");
    else if (this.budget.held > this.budget.limits.totalBytes) this.#refuse("pre-auth-budget");
  };

  /** The socket signed in (or closed): its bytes leave the budget, counting and the deadline stop. */
  readonly release = () => {
    this.#stopCounting();
    if (this.#returned) return;
    this.#returned = true;
    this.budget.held -= this.#bytes;
    this.#bytes = 0;
  };

  #stopCounting() {
    if (!this.#counting) return;
    this.#counting = false;
    clearTimeout(this.#timer);
    this.socket.off("data", this.#count);
  }

  #refuse(breach: PreAuthBreach) {
    this.#stopCounting();
    // Read nothing more, send the close frame, and close the socket once it is written (at the latest
    // a second later): what it buffered is freed with it, and its bytes leave the budget then.
    this.socket.pause();
    this.close(breach);
    this.socket.end(() => this.socket.destroy());
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }
}

/** The global budget of bytes held by sockets that have not signed in. */
export class PreAuthBudget {
  /** Bytes sent by sockets that have not signed in yet, together. */
  held = 0;

  constructor(readonly limits: PreAuthLimits) {}

  /** Starts counting a freshly upgraded socket. */
  open(socket: Duplex, close: CloseSocket): PreAuthGate {
    return new PreAuthGate(this, socket, close);
  }
}
