// PixiJS ships `pixi.js/browser` (its browser extensions, imported for their side effects) without
// types for the .mjs its package exports point at; nothing is read from it.
declare module 'pixi.js/browser';
