import { describe, expect, it } from 'vitest';
import { ScoreBoard } from '../../src/services/recommender/score-board.js';

describe('ScoreBoard.top', () => {
  it('keeps the best few of many, best first, ties to the later index, none removed or unscored', () => {
    const board = new ScoreBoard(1_000);
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Scores on a coarse grid, so there are ties; some touched works end at zero or below.
    const scores = Array.from({ length: 1_000 }, () => Math.round(next() * 40) - 5);
    for (const [index, score] of scores.entries()) board.add(index, score);
    board.remove(999);
    const expected = Array.from({ length: 1_000 }, (_, index) => index)
      .filter((index) => index !== 999)
      .map((index) => ({ index, score: scores[index] as number }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score || b.index - a.index)
      .slice(0, 25)
      .map((entry) => entry.index);
    expect(Array.from(board.top(25))).toEqual(expected);
  });
});

describe('ScoreBoard.clear', () => {
  it('leaves a used board as a new one: no score, no touched work, nothing removed', () => {
    const used = new ScoreBoard(100);
    for (let index = 0; index < 100; index += 3) used.add(index, index);
    used.remove(30);
    used.scaled(1).clear();
    const fresh = new ScoreBoard(100);
    for (const board of [used, fresh]) {
      board.add(30, 2);
      board.add(7, 1);
      board.add(7, 2);
    }
    expect(Array.from(used.top(10))).toEqual([7, 30]);
    expect(used.top(10)).toEqual(fresh.top(10));
  });
});

describe('ScoreBoard reused walk after walk', () => {
  it('answers each walk as a fresh board would, removed works included, in a typed array', () => {
    const reused = new ScoreBoard(50);
    const walks = [
      {
        scores: [
          [1, 3],
          [2, 5],
          [40, 5],
          [7, 1],
        ],
        removed: [2],
      },
      {
        scores: [
          [2, 1],
          [9, 4],
          [40, 2],
        ],
        removed: [],
      },
      {
        scores: [
          [7, 2],
          [2, 2],
          [3, 2],
        ],
        removed: [3, 11],
      },
    ];
    for (const walk of walks) {
      const fresh = new ScoreBoard(50);
      for (const board of [reused.clear(), fresh]) {
        for (const [index, score] of walk.scores) board.add(index as number, score as number);
        for (const index of walk.removed) board.remove(index);
        board.addToTouched(new Float64Array(50).fill(0.5), 0.1);
      }
      const answer = reused.top(3);
      // A typed array: the lists are cached as dense indexes, 4 bytes each.
      expect(answer).toBeInstanceOf(Int32Array);
      expect(Array.from(answer)).toEqual(Array.from(fresh.top(3)));
    }
    expect(Array.from(reused.top(10))).toEqual([7, 2]);
  });
});
