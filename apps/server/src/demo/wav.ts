import { Prng } from './prng.js';

/** What a synthesised track sounds like; the same spec always gives the same samples. */
export interface ToneSpec {
  seconds: number;
  sampleRate: number;
  seed: number;
  /** Adds soft scratch-like bursts, as the "SE有り" (with sound effects) version of a work would. */
  soundEffects: boolean;
}

const SINE_TABLE_SIZE = 4096;
/** A lookup table instead of Math.sin per sample: generation has to stay well under its time budget. */
const SINE_TABLE = Float64Array.from({ length: SINE_TABLE_SIZE }, (_, i) =>
  Math.sin((2 * Math.PI * i) / SINE_TABLE_SIZE),
);

function sine(phase: number): number {
  return SINE_TABLE[Math.floor((phase - Math.floor(phase)) * SINE_TABLE_SIZE)] as number;
}

const ROOTS_HZ = [174.61, 196, 220, 246.94, 261.63, 293.66];
const CHORDS_SEMITONES: readonly (readonly number[])[] = [
  [0, 4, 7],
  [0, 3, 7],
  [0, 5, 9],
  [0, 4, 7, 11],
  [0, 7, 14],
];

/**
 * A gentle mix of pink-ish noise (waves that swell and ebb) and a soft sine chord whose voices breathe at
 * their own slow rates, faded in and out. Mono samples in [-1, 1].
 */
export function synthesizeTone(spec: ToneSpec): Float32Array {
  const prng = new Prng(spec.seed);
  const { sampleRate } = spec;
  const length = Math.round(spec.seconds * sampleRate);
  const out = new Float32Array(length);

  const root = prng.pick(ROOTS_HZ);
  const voices = prng.pick(CHORDS_SEMITONES).map((semitones) => ({
    step: (root * 2 ** (semitones / 12) * (1 + (prng.next() - 0.5) * 0.004)) / sampleRate,
    tremoloStep: (0.08 + prng.next() * 0.25) / sampleRate,
    tremoloPhase: prng.next(),
    phase: prng.next(),
  }));
  const chordLevel = 0.05 + prng.next() * 0.05;
  const noiseLevel = 0.25 + prng.next() * 0.45;
  const waveStep = (0.06 + prng.next() * 0.14) / sampleRate;
  let wavePhase = prng.next();

  // Paul Kellet's economy pink filter: three leaky integrators over white noise.
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let burstLeft = 0;
  let burstGain = 0;
  let previousWhite = 0;
  const fadeIn = Math.min(1.5, spec.seconds / 4) * sampleRate;
  const fadeOut = Math.min(2, spec.seconds / 4) * sampleRate;

  for (let i = 0; i < length; i++) {
    const white = prng.next() * 2 - 1;
    b0 = 0.99765 * b0 + white * 0.099046;
    b1 = 0.963 * b1 + white * 0.2965164;
    b2 = 0.57 * b2 + white * 1.0526913;
    const pink = (b0 + b1 + b2 + white * 0.1848) * 0.05;
    const swell = 0.55 + 0.45 * sine(wavePhase);
    wavePhase += waveStep;

    let chord = 0;
    for (const voice of voices) {
      chord += sine(voice.phase) * (0.6 + 0.4 * sine(voice.tremoloPhase));
      voice.phase += voice.step;
      voice.tremoloPhase += voice.tremoloStep;
    }
    let sample = pink * noiseLevel * swell + (chord / voices.length) * chordLevel * 3;

    if (spec.soundEffects) {
      if (burstLeft <= 0 && prng.next() < 2.5 / sampleRate) {
        burstLeft = Math.round(sampleRate * (0.02 + prng.next() * 0.05));
        burstGain = 0.12 + prng.next() * 0.12;
      }
      if (burstLeft > 0) {
        // A first difference of white noise: a bright, short scratch over the soft bed.
        sample += (white - previousWhite) * burstGain;
        burstGain *= 0.9985;
        burstLeft--;
      }
    }
    previousWhite = white;

    const envelope = Math.min(1, i / fadeIn, (length - 1 - i) / fadeOut);
    out[i] = sample * envelope;
  }
  return out;
}

const HEADER_BYTES = 44;

/** A canonical RIFF/WAVE file: one `fmt ` chunk (PCM, 16-bit, mono) and one `data` chunk. */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2;
  const buffer = Buffer.alloc(HEADER_BYTES + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i] as number));
    view.setInt16(HEADER_BYTES + i * 2, Math.round(clamped * 32767), true);
  }
  return buffer;
}
