/**
 * Locks the list of public exports: a change here is a change of the API.
 */
import { describe, expect, it } from 'vitest';
import * as urlsift from '../src/index.js';

describe('public exports', () => {
  it('of urlsift', () => {
    expect(Object.keys(urlsift).sort()).toEqual([
      'createScanner',
      'decode',
      'errorCodes',
      'format',
      'forms',
      'parse',
      'scan',
      'scanMail',
      'scanStream',
    ]);
  });
});
