import type { Entity } from "../../../shared/documents/book";
import { type BookRecordLookup, useBookRecord } from "../../components/book/use-book-record";

// One entity by id (src/components/book/use-book-record.ts), as `entity`.

export type EntityLookup =
  | Exclude<BookRecordLookup<Entity>, { state: "found" }>
  | (Extract<BookRecordLookup<Entity>, { state: "found" }> & { entity: Entity });

export function useEntityRecord(id: string | undefined): EntityLookup {
  const found = useBookRecord("entities", id);
  return found.state === "found" ? { ...found, entity: found.record } : found;
}
