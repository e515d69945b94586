import type { Socket } from "node:net";
import { nowMs } from "../clock";
import { addressKey } from "./client-address";

// Where an address waits once it has spent its budget (docs/hardening.md). A 429 is cheap but not free: a
// flood of them still costs the server a parse and a response each, which the other clients pay in
// latency. So after a per-address refusal the answer carries `Connection: close`, and until its
// Retry-After has passed, new connections from that address are closed as they arrive, before any
// HTTP is read. Only without proxies (TRUST_PROXY_HOPS=0): behind one, every client shares the
// proxy's address. Per-user refusals never put an address here (a user may share an office's address).

export class PenaltyBox {
  readonly #until = new Map<string, number>();

  constructor(
    readonly enabled: boolean,
    private readonly now: () => number = nowMs,
  ) {}

  /** `address` (as clientAddress gives it) waits `ms`. */
  hold(address: string, ms: number): void {
    if (!this.enabled) return;
    const now = this.now();
    if (this.#until.size > 10_000)
      for (const [key, until] of this.#until) if (until <= now) this.#until.delete(key);
    this.#until.set(address, Math.max(this.#until.get(address) ?? 0, now + ms));
  }

  holds(address: string): boolean {
    const until = this.#until.get(address);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.#until.delete(address);
    return false;
  }

  /** The HTTP server's `connection` listener: a waiting address's socket is closed at once. */
  screen = (socket: Socket): void => {
    if (!this.enabled || this.#until.size === 0) return;
    if (this.holds(addressKey(socket.remoteAddress ?? ""))) socket.destroy();
  };
}
