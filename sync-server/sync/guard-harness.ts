import type { beforeSyncPayload } from "@hocuspocus/server";
import * as encoding from "lib0/encoding";
import * as Y from "yjs";
import { documentAccess, type Subject } from "../../shared/access/documents";
import type { Role } from "../../shared/access/roles";
import { type DocumentRef, parseDocumentName } from "../../shared/documents/names";
import { DOCUMENT_SCHEMA_VERSION } from "../../shared/documents/shapes";
import type { SyncRefusal } from "../../shared/documents/sync-reasons";
import type { Storage } from "../storage/types";
import type { SyncContext } from "./context";
import { WriteGuard } from "./guard";

// Test support for the write guard's unit and property tests: one server document, written only as
// Hocuspocus writes it — each client update through the real WriteGuard first (constructed as
// service.ts does), applied to the document only when the guard lets it through.

const UPDATE = 2;

/** A writer or reader of the document: a demo member of organisation `demo` with one role. */
export interface Member {
  sub: string;
  role: Role;
}

export interface ServerDoc {
  ref: DocumentRef;
  doc: Y.Doc;
  /** Violations the guard recorded (the one Storage call it makes). */
  violations: unknown[];
  /** "accepted", or the refusal's reason; the document holds the update only when accepted. */
  write(member: Member, update: Uint8Array): Promise<"accepted" | string>;
}

/** The server's copy of `name` at today's schema version, with a guard in front of it. */
export function serverDoc(name: string): ServerDoc {
  const ref = parseDocumentName(name);
  if (!ref) throw new Error(`not a document name: ${name}`);
  const doc = new Y.Doc();
  doc.clientID = 1; // the server's own writes (SYNC5)
  doc.getMap("meta").set("schemaVersion", DOCUMENT_SCHEMA_VERSION);
  const violations: unknown[] = [];
  const storage = {
    violations: {
      recordViolation: async (violation: unknown) => {
        violations.push(violation);
      },
    },
  } as unknown as Storage;
  const guard = new WriteGuard({ storage, now: () => Date.UTC(2026, 10, 20) });
  return {
    ref,
    doc,
    violations,
    async write(member, update) {
      const subject: Subject = {
        userId: member.sub,
        memberships: [{ orgId: "demo", role: member.role }],
        customerLinks: [],
      };
      const grant = documentAccess(subject, ref);
      const context: SyncContext = {
        identity: { sub: member.sub } as SyncContext["identity"],
        subject,
        ref,
        grant,
      };
      const payload = {
        type: UPDATE,
        payload: update,
        document: doc,
        connection: { readOnly: grant.access !== "write", sendStateless: () => {} },
        context,
      } as unknown as beforeSyncPayload;
      try {
        await guard.check(payload);
      } catch (error) {
        const reason = (error as SyncRefusal).reason;
        if (typeof reason !== "string") throw error;
        return reason;
      }
      Y.applyUpdate(doc, update);
      return "accepted";
    },
  };
}

/** An update of nothing but a delete set: `len` clocks of `client` from `clock` (Yjs's V1 encoding). */
export function deleteSetUpdate(client: number, clock: number, len: number): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0); // no structs
  encoding.writeVarUint(encoder, 1); // one client in the delete set
  encoding.writeVarUint(encoder, client);
  encoding.writeVarUint(encoder, 1); // one range
  encoding.writeVarUint(encoder, clock);
  encoding.writeVarUint(encoder, len);
  return encoding.toUint8Array(encoder);
}

/** Whether Yjs holds anything of the document back in its pending store. */
export const hasPending = (doc: Y.Doc): boolean =>
  doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
