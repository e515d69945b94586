// When the browser has painted, and when it is idle: the moments the sync layer and the screens that
// paint first from a copy wait for. No imports, so a screen's first paint can use them without loading
// the sync layer.

/** Runs `fn` when the browser is idle (at the latest after 5 s; at once where idle callbacks do not exist). */
export const whenIdle = (fn: () => void): void => {
  if (typeof requestIdleCallback === "function") requestIdleCallback(fn, { timeout: 5000 });
  else fn();
};

/**
 * Resolves once the browser has had the chance to paint what was rendered so far: the next frame, then
 * a task. A hidden page runs no frames: there it resolves after a task (and in any case after 1 s).
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      setTimeout(resolve, 0);
    };
    const hidden = typeof document !== "undefined" && document.visibilityState === "hidden";
    if (!hidden && typeof requestAnimationFrame === "function") requestAnimationFrame(finish);
    else finish();
    setTimeout(finish, 1000);
  });
