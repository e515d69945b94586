import type {
  Connection,
  connectedPayload,
  Extension,
  onAuthenticatePayload,
  onChangePayload,
  onTokenSyncPayload,
} from "@hocuspocus/server";
import { type DocumentFacts, documentAccess } from "../../shared/access/documents";
import { checkClientSchema } from "../../shared/documents/migrations";
import { type DocumentRef, parseDocumentName } from "../../shared/documents/names";
import { syncRefusal } from "../../shared/documents/sync-reasons";
import { lostAccessReason } from "../admin/disabled-orgs";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import { isSyncContext, type SyncContext, type VerifyToken } from "./context";
import { atDeadline, type DeadlineTimer } from "./deadline-timer";

export interface AccessOptions {
  storage: Storage;
  verify: VerifyToken;
  /** Ask the client for a fresh token this long before its token expires (ms). */
  refreshLeadMs?: number;
  /** The clock, epoch ms. */
  now?: () => number;
  log?: (message: string) => void;
}

/**
 * Authentication and access control for document connections (rules ACL1-ACL11, SYNC1, SYNC4, SYNC6).
 * Runs in onAuthenticate, which Hocuspocus completes before it creates or loads any document: the name
 * is parsed with the one strict regex, the token verified, the user's memberships read from the
 * server's tables, and the policy decides none / read / write. Read connections are marked
 * `readOnly`; the write guard refuses their writes. Live connections re-check their token on
 * onTokenSync and are closed when their session expires.
 */
export class AccessControl implements Extension {
  readonly extensionName = "rangeline-access";
  priority = 500;
  private readonly expiryTimers = new Map<Connection, DeadlineTimer[]>();
  /** The token expiry for which a connection was already asked for a fresh token. */
  private readonly tokenRequestedFor = new WeakMap<Connection, number>();

  constructor(private readonly options: AccessOptions) {}

  private now() {
    return this.options.now?.() ?? nowMs();
  }

  async onAuthenticate(data: onAuthenticatePayload): Promise<SyncContext> {
    const ref = parseDocumentName(data.documentName);
    if (!ref)
      throw syncRefusal("unknown-document", `no document is named "${data.documentName.slice(0, 100)}"`);

    const schema = data.requestParameters.get("schema");
    if (schema !== null) {
      const compatibility = checkClientSchema(Number(schema));
      if (compatibility !== "ok") throw syncRefusal(compatibility, `client schema ${schema}`);
    }

    let identity: SyncContext["identity"];
    try {
      identity = await this.options.verify(data.token);
    } catch (error) {
      const code = (error as { code?: string }).code ?? "token-invalid";
      this.options.log?.(`refused ${data.documentName}: ${code}`);
      throw syncRefusal("unauthorized", code);
    }

    const context = await this.decide(identity, ref);
    if (context.grant.access === "none")
      throw syncRefusal(
        lostAccessReason(this.options.storage, ref),
        `${identity.sub} may not open ${ref.name}`,
      );
    data.connectionConfig.readOnly = context.grant.access === "read";
    return context;
  }

  /** The grant for `identity` on `ref`, from the server's tables. */
  async decide(identity: SyncContext["identity"], ref: DocumentRef): Promise<SyncContext> {
    const subject = await this.options.storage.members.loadSubject(identity.sub);
    const facts: DocumentFacts =
      ref.kind === "claim"
        ? { claimCustomerId: await this.options.storage.claims.getClaimCustomer(ref.orgId, ref.claimId) }
        : {};
    return { identity, subject, ref, grant: documentAccess(subject, ref, facts) };
  }

  /**
   * A claim names its customer (`claim.customerId`); when an agent (a writer) changes it, the link in
   * the server's table follows, and the linked customer may read the claim (ACL7). Called by the write
   * path's onChange (write-path.ts) after each applied change, not a Hocuspocus hook of its own; null
   * when the change is not a writer's change of a claim.
   */
  followClaimCustomer({ document, context }: onChangePayload): Promise<void> | null {
    if (!isSyncContext(context) || context.ref.kind !== "claim" || context.grant.access !== "write")
      return null;
    return this.linkClaimCustomer(document, context.ref);
  }

  private async linkClaimCustomer(
    document: onChangePayload["document"],
    ref: Extract<DocumentRef, { kind: "claim" }>,
  ): Promise<void> {
    const customerId = document.getMap("claim").get("customerId");
    const linked = typeof customerId === "string" && customerId !== "" ? customerId : null;
    const { orgId, claimId } = ref;
    if ((await this.options.storage.claims.getClaimCustomer(orgId, claimId)) === linked) return;
    await this.options.storage.claims.setClaimCustomer(orgId, claimId, linked);
    // A customer who no longer reads the claim loses the connection.
    for (const connection of document.getConnections()) {
      const current = connection.context;
      if (!isSyncContext(current) || current.grant.access === "write") continue;
      const fresh = await this.decide(current.identity, current.ref);
      if (fresh.grant.access === "none") connection.close(syncRefusal("forbidden"));
    }
  }

  async connected({ connection }: connectedPayload): Promise<void> {
    connection.onClose(() => this.clearTimer(connection));
    this.schedule(connection);
  }

  /** A fresh token on a live connection: same subject, still valid, or the connection closes. */
  async onTokenSync({ token, connection }: onTokenSyncPayload): Promise<void> {
    const context = connection.context;
    if (!isSyncContext(context)) throw syncRefusal("unauthorized");
    let identity: SyncContext["identity"];
    try {
      identity = await this.options.verify(token);
    } catch (error) {
      this.clearTimer(connection);
      throw syncRefusal("session-expired", (error as { code?: string }).code);
    }
    if (identity.sub !== context.identity.sub) {
      this.clearTimer(connection);
      throw syncRefusal("unauthorized", "the token is for another user");
    }
    context.identity = identity;
    this.schedule(connection);
  }

  private clearTimer(connection: Connection) {
    for (const timer of this.expiryTimers.get(connection) ?? []) timer.cancel();
    this.expiryTimers.delete(connection);
  }

  /**
   * Asks the client once for a fresh token shortly before its token expires, and closes the connection
   * with `session-expired` when it expires without a fresh one.
   */
  private schedule(connection: Connection) {
    this.clearTimer(connection);
    const { expiresAt } = (connection.context as SyncContext).identity;
    const lead = this.options.refreshLeadMs ?? 30_000;
    // Deadline timers, not setTimeout: a token may live longer than setTimeout's 24.8 days (TOKEN2).
    const now = () => this.now();
    const timers: DeadlineTimer[] = [];
    if (this.tokenRequestedFor.get(connection) !== expiresAt) {
      const ask = () => {
        this.tokenRequestedFor.set(connection, expiresAt);
        connection.requestToken();
      };
      timers.push(atDeadline(expiresAt * 1000 - lead, ask, now));
    }
    const expire = () => {
      const current = (connection.context as SyncContext).identity.expiresAt;
      if (current * 1000 > this.now()) return this.schedule(connection);
      this.clearTimer(connection);
      connection.close(syncRefusal("session-expired"));
    };
    timers.push(atDeadline(expiresAt * 1000, expire, now));
    this.expiryTimers.set(connection, timers);
  }
}
