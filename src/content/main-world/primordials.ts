/**
 * Built-ins the MAIN-world code uses, captured when it starts at document_start, before any page
 * script: a page that later patches globals or prototypes cannot change what Warrant calls.
 * This module must stay free of imports so it evaluates first.
 */
export const apply = Reflect.apply;
export const freeze = Object.freeze;
export const defineProperty = Object.defineProperty;
export const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
export const getPrototypeOf = Object.getPrototypeOf;
export const hasOwn = Object.hasOwn;
export const stringify = JSON.stringify;
export const parseJson = JSON.parse;
export const PromiseCtor = Promise;
export const WeakSetCtor = WeakSet;
export const ObjectPrototype = Object.prototype;
export const ArrayPrototype = Array.prototype;
export const postToPort = MessagePort.prototype.postMessage;
export const dispatchEvent = EventTarget.prototype.dispatchEvent;
export const addEventListener = EventTarget.prototype.addEventListener;
export const weakSetHas = WeakSet.prototype.has;
export const weakSetAdd = WeakSet.prototype.add;
export const ORIGIN = location.origin;
