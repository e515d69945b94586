import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

// Quote inputs live in the URL's search parameters, so a quote can be shared as a link and survives a
// reload. The screen edits local state (so a keystroke recomputes at once) and the URL follows with
// `replace` (no history entry per keystroke). Values equal to their default are left out of the URL.

export type UrlFields<K extends string> = Record<K, string>;

export function useUrlState<K extends string>(
  defaults: UrlFields<K>,
): [UrlFields<K>, (patch: Partial<UrlFields<K>>) => void] {
  const [params, setParams] = useSearchParams();
  const defaultsRef = useRef(defaults);
  const [values, setValues] = useState<UrlFields<K>>(() => {
    const out = { ...defaults };
    for (const key of Object.keys(defaults) as K[]) {
      const v = params.get(key);
      if (v !== null) out[key] = v;
    }
    return out;
  });

  useEffect(() => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values) as [K, string][])
      if (value !== defaultsRef.current[key]) next.set(key, value);
    if (next.toString() !== new URLSearchParams(window.location.search).toString())
      setParams(next, { replace: true, preventScrollReset: true });
  }, [values, setParams]);

  const update = useCallback((patch: Partial<UrlFields<K>>) => setValues((v) => ({ ...v, ...patch })), []);
  return [values, update];
}
