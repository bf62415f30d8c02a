import { beforeAll, TestRunner } from 'vitest';
import { settleSpare } from './suite';

/**
 * The browser project's setup file, run again before each test file: its file-level hook runs
 * before the file's describe blocks, once they are collected (spare-browser.ts).
 */
const file = TestRunner.getCurrentSuite().file;
beforeAll(() => settleSpare(file));
