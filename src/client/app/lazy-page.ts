import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts downloading the chunk early, e.g. while the user check that decides which page to show runs. */
  preload: () => Promise<unknown>;
};

/** React.lazy for a page module's named export, so every screen is its own chunk. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let promise: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    promise ??= load().then((module) => ({ default: pick(module) }));
    return promise;
  };
  return Object.assign(lazy(preload), { preload });
}
