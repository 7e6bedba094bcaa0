// Code the first screen can wait for (d3's colour and time scales for the minimap): loaded on first use, kept, and
// handed to a component as soon as it is in (null before).
import { useEffect, useState } from 'react';

export function lazyModule<T>(load: () => Promise<T>): () => T | null {
  let loaded: T | null = null;
  return function useModule(): T | null {
    const [m, setM] = useState<T | null>(loaded);
    useEffect(() => {
      if (m) return;
      let live = true;
      void load().then((x) => {
        loaded = x;
        if (live) setM(() => x);
      });
      return () => {
        live = false;
      };
    }, [m]);
    return m;
  };
}
