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
    expect(board.top(25)).toEqual(expected);
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
    expect(used.top(10)).toEqual([7, 30]);
    expect(used.top(10)).toEqual(fresh.top(10));
  });
});
