import type { ComponentType } from 'react';
import { loadChunk } from '../shared/lib/load-chunk';

export interface RouteModule {
  Component: ComponentType;
}

/** A lazy route: its module exports `Component`; loading goes through the chunk reload guard. */
export const page = (importer: () => Promise<RouteModule>) => async () => {
  const { Component } = await loadChunk(importer);
  return { Component };
};
