// Work that must finish before the page leaves for the identity provider's logout: the sync layer
// (src/lib/sync) registers here to close and delete the signed-in user's documents on the device.

type BeforeSignOut = () => Promise<unknown>;

const hooks = new Set<BeforeSignOut>();

/** Runs `hook` before every sign-out from this page; returns a function that removes it. */
export function beforeSignOut(hook: BeforeSignOut): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Runs every registered hook; a failing hook does not stop the sign-out. */
export async function runBeforeSignOut(): Promise<void> {
  await Promise.allSettled([...hooks].map((hook) => hook()));
}
