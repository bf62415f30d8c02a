/**
 * The WHATWG URL parser exists in every runtime the core runs in (Node, pages, workers, service
 * workers) but its types live in the DOM lib, which the core deliberately leaves out.
 * Only the members the core reads are declared.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly host: string;
  readonly port: string;
  readonly origin: string;
  readonly href: string;
  readonly hash: string;
  search: string;
  readonly searchParams: URLSearchParams;
}

declare class URLSearchParams {
  constructor(init?: string | [string, string][]);
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
