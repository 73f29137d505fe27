import type { OptionalModules } from '../../framework/optional-modules.ts';

/** Where a handed-in module file finds the server worker's receiver (worker builds drop a module's exports). */
const RECEIVER = Symbol.for('halo.hand-in');

type Receiver = <Name extends keyof OptionalModules>(name: Name, module: OptionalModules[Name]) => void;

/** Called by a handed-in module file as it runs: gives the server worker its package. */
export function handIn<Name extends keyof OptionalModules>(name: Name, module: OptionalModules[Name]): void {
  (globalThis as { [RECEIVER]?: Receiver })[RECEIVER]?.(name, module);
}

/** Runs the module file `source` (handed in by the page) and resolves with the package it hands in. */
export async function runHandedIn<Name extends keyof OptionalModules>(name: Name, source: string): Promise<OptionalModules[Name]> {
  let received: OptionalModules[Name] | undefined;
  const receiver: Receiver = (given: keyof OptionalModules, module) => {
    if (given === name) received = module as OptionalModules[Name];
  };
  Object.defineProperty(globalThis, RECEIVER, { value: receiver, configurable: true });
  try {
    await import(/* @vite-ignore */ `data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`);
  } finally {
    delete (globalThis as { [RECEIVER]?: Receiver })[RECEIVER];
  }
  if (!received) throw new Error(`the module file of ${name} did not hand it in`);
  return received;
}
