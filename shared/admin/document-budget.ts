import { z } from "zod";

// An organisation's budget of new documents an hour (IMPORT3, docs/book-import.md "Off the event loop"):
// the server's default (ORG_DOCUMENTS_CREATED_PER_HOUR) unless an admin of the organisation set its own,
// between 1 and NEW_DOCUMENTS_PER_HOUR_MAX. One schema for the settings form and the server's route.

/** The most an admin may set: a 100,000-row import of 40,000 new customers' documents fits twice. */
export const NEW_DOCUMENTS_PER_HOUR_MAX = 100_000;

const message = `enter a whole number of new documents an hour from 1 to ${NEW_DOCUMENTS_PER_HOUR_MAX.toLocaleString("en-US")}`;

export const documentBudgetSchema = z.strictObject({
  newDocumentsPerHour: z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(NEW_DOCUMENTS_PER_HOUR_MAX, { error: message }),
});
