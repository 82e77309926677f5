import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../src/services/search-syntax.js';

describe('parseSearch', () => {
  it('splits plain words, lower-cased', () => {
    expect(parseSearch('  Rainy   NIGHT 耳かき ')).toMatchObject({
      ids: [],
      words: ['rainy', 'night', '耳かき'],
    });
  });

  it('finds RJ codes and 6-8 bare digits', () => {
    expect(parseSearch('RJ123456').ids).toEqual([123456]);
    expect(parseSearch('rj01234567').ids).toEqual([1234567]);
    expect(parseSearch('1234567').ids).toEqual([1234567]);
    expect(parseSearch('[RJ123456]').ids).toEqual([123456]);
    expect(parseSearch('12345')).toMatchObject({ ids: [], words: ['12345'] });
  });

  it('parses label tokens, negated ones, and names with spaces', () => {
    expect(parseSearch('$tag:Ear cleaning$ $-circle:Foo$ $va:花澤さくら$').labels).toEqual([
      { kind: 'tag', name: 'Ear cleaning', exclude: false },
      { kind: 'circle', name: 'Foo', exclude: true },
      { kind: 'va', name: '花澤さくら', exclude: false },
    ]);
  });

  it('parses numeric tokens', () => {
    expect(parseSearch('$rate:4.5$ $price:1000$ $sell:500$ $age:R15$ $subtitle:0$')).toMatchObject({
      minRating: 4.5,
      minPrice: 1000,
      minSales: 500,
      age: 'r15',
      subtitle: false,
    });
  });

  it.each([
    ['$duration:30m$', { minDuration: 1800 }],
    ['$duration:1.5h$', { minDuration: 5400 }],
    ['$duration:90s$', { minDuration: 90 }],
    ['$duration:45$', { minDuration: 2700 }],
    ['$-duration:2h$', { maxDuration: 7200 }],
  ])('parses %s', (keyword, expected) => {
    expect(parseSearch(keyword)).toMatchObject(expected);
  });

  it.each([
    ['$lang:en$', 'ENG'],
    ['$lang:EN$', 'ENG'],
    ['$lang:eng$', 'ENG'],
    ['$lang:ja$', 'JPN'],
    ['$lang:jp$', 'JPN'],
    ['$lang:zh-cn$', 'CHI_HANS'],
    ['$lang:zh_CN$', 'CHI_HANS'],
    ['$lang:chi_hans$', 'CHI_HANS'],
    ['$lang:zh-tw$', 'CHI_HANT'],
    ['$lang:ko$', 'KO_KR'],
    ['$lang:KO_KR$', 'KO_KR'],
  ])('reads the edition language of %s', (keyword, lang) => {
    expect(parseSearch(keyword)).toMatchObject({ lang, words: [] });
  });

  it.each([
    ['$tag:$', /empty value/],
    ['$nope:1$', /unknown token/],
    ['$rate:abc$', /expected a number/],
    ['$duration:soon$', /duration/],
    ['$age:kids$', /general, r15 or adult/],
    ['$subtitle:yes$', /0 or 1/],
    ['$-price:100$', /cannot be negated/],
    ['$lang:klingon$', /expected a language/],
    ['$-lang:en$', /cannot be negated/],
    ['word $tag:unclosed', /expected \$name:value\$/],
  ])('rejects %s, naming the token', (keyword, message) => {
    expect(() => parseSearch(keyword)).toThrow(message);
    try {
      parseSearch(keyword);
    } catch (error) {
      expect((error as { statusCode: number }).statusCode).toBe(400);
    }
  });
});
