/**
 * The part of the WebAssembly API the server uses (db/pglite-engine.ts). Node has all of it, but
 * its declarations live in TypeScript's DOM library, which the server does not load.
 */
declare namespace WebAssembly {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an opaque compiled module
  interface Module {}
  const Module: { prototype: Module; new (bytes: ArrayBufferView | ArrayBuffer): Module };
  function compile(bytes: ArrayBufferView | ArrayBuffer): Promise<Module>;
}
