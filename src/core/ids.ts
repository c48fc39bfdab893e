/**
 * IDs as the reference makes them: 13 upper-case base-36 characters, 8 of creation time in ms and
 * 5 more. Incoming IDs are opaque strings (old libraries hold UUIDs).
 *
 * The 5 are not drawn afresh for every id: a batch of 1,000 items is made within one millisecond,
 * and 1,000 random draws from 36^5 collide in about 1 batch of 120 (the birthday bound). The first
 * id of a millisecond is random; the next ones in the same millisecond count up from it (past the
 * top, into the next millisecond), so one generator never repeats itself and its ids ascend.
 */
const TIME_DIGITS = 8;
const TAIL_DIGITS = 5;
const TAIL_RANGE = 36 ** TAIL_DIGITS;

export function createIdGenerator(clock: () => number, random: () => number = cryptoRandom): () => string {
  let lastTime = -1;
  let lastTail = 0;
  const start = () => Math.floor(random() * TAIL_RANGE);
  return () => {
    let time = Math.max(Math.floor(clock()), lastTime);
    let tail = time === lastTime ? lastTail + 1 : start();
    if (tail >= TAIL_RANGE) {
      time += 1;
      tail = start();
    }
    lastTime = time;
    lastTail = tail;
    return base36(time, TIME_DIGITS) + base36(tail, TAIL_DIGITS);
  };
}

const base36 = (value: number, digits: number) => value.toString(36).toUpperCase().padStart(digits, '0').slice(-digits);

function cryptoRandom(): number {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0]! / 2 ** 32;
}
