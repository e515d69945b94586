// PRES1 (issue 47 §2): the same person on another of their devices is shown as themselves, not by
// their name as if someone else were editing.

/** What a presence is called on this device: "you, on another device" for the signed-in user's own. */
export const presenceName = (user: { id: string; name: string }, selfId: string): string =>
  user.id === selfId ? "you, on another device" : user.name;
