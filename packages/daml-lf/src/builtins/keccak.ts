/**
 * Keccak-256 (the original Keccak padding, as Ethereum uses, not SHA3-256), which Node's
 * crypto does not offer. Lanes are 64-bit bigints: this backs a rarely used builtin.
 */
const mask = (1n << 64n) - 1n;
const rate = 136;

const roundConstants: readonly bigint[] = (() => {
  const constants: bigint[] = [];
  let register = 1;
  for (let round = 0; round < 24; round += 1) {
    let constant = 0n;
    for (let bit = 0; bit < 7; bit += 1) {
      if (register & 1) constant |= 1n << BigInt((1 << bit) - 1);
      register = register & 0x80 ? ((register << 1) ^ 0x71) & 0xff : (register << 1) & 0xff;
    }
    constants.push(constant);
  }
  return constants;
})();

const rotations: readonly number[] = (() => {
  const offsets = new Array<number>(25).fill(0);
  let x = 1;
  let y = 0;
  for (let step = 0; step < 24; step += 1) {
    offsets[x + 5 * y] = (((step + 1) * (step + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  return offsets;
})();

function rotate(lane: bigint, by: number): bigint {
  if (by === 0) return lane;
  return ((lane << BigInt(by)) | (lane >> BigInt(64 - by))) & mask;
}

function permute(state: bigint[]): void {
  for (const constant of roundConstants) {
    const parity = [0, 1, 2, 3, 4].map(
      (x) =>
        (state[x] as bigint) ^
        (state[x + 5] as bigint) ^
        (state[x + 10] as bigint) ^
        (state[x + 15] as bigint) ^
        (state[x + 20] as bigint),
    );
    for (let x = 0; x < 5; x += 1) {
      const effect = (parity[(x + 4) % 5] as bigint) ^ rotate(parity[(x + 1) % 5] as bigint, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = (state[x + y] as bigint) ^ effect;
    }
    const moved = new Array<bigint>(25);
    for (let x = 0; x < 5; x += 1) {
      for (let y = 0; y < 5; y += 1) {
        moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotate(
          state[x + 5 * y] as bigint,
          rotations[x + 5 * y] as number,
        );
      }
    }
    for (let index = 0; index < 25; index += 1) {
      const x = index % 5;
      const row = index - x;
      state[index] =
        (moved[index] as bigint) ^
        (~(moved[row + ((x + 1) % 5)] as bigint) & mask & (moved[row + ((x + 2) % 5)] as bigint));
    }
    state[0] = (state[0] as bigint) ^ constant;
  }
}

export function keccak256(message: Uint8Array): string {
  const padded = new Uint8Array(Math.ceil((message.length + 1) / rate) * rate);
  padded.set(message);
  padded[message.length] = 0x01;
  padded[padded.length - 1] = (padded[padded.length - 1] as number) | 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let lane = 0; lane < rate / 8; lane += 1) {
      let value = 0n;
      for (let byte = 7; byte >= 0; byte -= 1)
        value = (value << 8n) | BigInt(padded[offset + lane * 8 + byte] as number);
      state[lane] = (state[lane] as bigint) ^ value;
    }
    permute(state);
  }
  const out = new Uint8Array(32);
  for (let index = 0; index < 32; index += 1) {
    out[index] = Number(((state[index >> 3] as bigint) >> BigInt(8 * (index & 7))) & 0xffn);
  }
  return Buffer.from(out).toString('hex');
}
