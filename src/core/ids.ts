/**
 * IDs as the reference makes them: 13 upper-case base-36 characters, 8 of creation time in ms and
 * 5 random. Incoming IDs are opaque strings (old libraries hold UUIDs).
 */
export function createIdGenerator(clock: () => number, random: () => number = cryptoRandom): () => string {
  return () => {
    const time = Math.floor(clock()).toString(36).toUpperCase().padStart(8, '0').slice(-8);
    let tail = '';
    for (let i = 0; i < 5; i++) tail += Math.floor(random() * 36).toString(36).toUpperCase();
    return time + tail;
  };
}

function cryptoRandom(): number {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0]! / 2 ** 32;
}
