import { afterAll } from 'vitest';
import { closeSpareFirefox } from './browsers';

// Every browser test file: a Firefox started ahead for it and not used is closed with the file.
afterAll(closeSpareFirefox);
