import { describe, expect, it } from 'vitest';
import { newUserName, userNameKey } from '../../src/auth/user-name.js';
import { Conflict, Invalid } from '../../src/errors.js';

describe('userNameKey', () => {
  it.each([
    ['ADMIN', 'admin'],
    ['  admin  ', 'admin'],
    ['ａｄｍｉｎ', 'admin'],
    ['\u0430dmin', 'admin'],
    ['\u0410D\u041cIN', 'admin'],
    ['\u0421\u041e\u0420\u0415', 'cope'],
    ['ΑDMΙΝ', 'admin'],
    ['ad\u200bmi\u2060n', 'admin'],
    ['\u202eadmin', 'admin'],
    ['𝐚𝐝𝐦𝐢𝐧', 'admin'],
    ['john\u3000 smith', 'john smith'],
  ])('folds %j to %j', (name, key) => {
    expect(userNameKey(name)).toBe(key);
  });

  it('keeps names of other scripts apart from each other', () => {
    expect(userNameKey('ささやき')).toBe('ささやき');
    expect(userNameKey('ｻｻﾔｷ')).toBe('ササヤキ');
    expect(userNameKey('Sasayaki')).not.toBe(userNameKey('Sasayaki1'));
  });
});

describe('newUserName', () => {
  it('stores NFKC without surrounding spaces, keeping the case', () => {
    expect(newUserName('  Ｌｉｓｔｅｎｅｒ ', 'user')).toEqual({ name: 'Listener', key: 'listener' });
  });

  it('refuses a name too short once trimmed, and the guest name for anyone but the guest', () => {
    expect(() => newUserName('  abc   ', 'user')).toThrow(Invalid);
    expect(() => newUserName('GUEST', 'user')).toThrow(Conflict);
    expect(newUserName('guest', 'guest')).toEqual({ name: 'guest', key: 'guest' });
  });
});
