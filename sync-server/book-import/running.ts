// At most one running book import per organisation (IMPORT1, docs/book-import.md "Off the event loop"):
// a second one is answered at once, naming when the running one started, instead of waiting its turn
// behind it (and holding its request body meanwhile). Per server instance: with several instances
// behind Redis each may run one import of an organisation.

export class RunningImports {
  readonly #started = new Map<string, Date>();

  /** Takes the organisation's slot: a release function, or when the running import started. */
  begin(orgId: string, at: Date): { release: () => void } | { startedAt: Date } {
    const startedAt = this.#started.get(orgId);
    if (startedAt) return { startedAt };
    this.#started.set(orgId, at);
    return { release: () => this.#started.delete(orgId) };
  }
}
