// Entry of the encoder page (built by scripts/record-demo-video.ts next to the demo page).
// The script hands it the demo page's screenshots; it encodes them with Chromium's own
// WebCodecs VP9 encoder and hands the encoded frames back in batches. It also checks a
// written video the way a visitor's browser would play it.

/** An encoded frame on its way to Node: JSON carries bytes as base64. */
export interface TransferredFrame {
  readonly timestampUs: number;
  readonly keyFrame: boolean;
  readonly base64: string;
}

export interface VideoCheck {
  readonly durationS: number;
  readonly width: number;
  readonly height: number;
  readonly readyState: number;
  /** currentTime gained over `playForMs` of playback. */
  readonly advancedS: number;
  readonly seekedToS: number;
  /** Distinct grey levels in the frame decoded after the seek: a real picture has many, a blank one a few. */
  readonly distinctLevels: number;
}

export interface DemoEncoder {
  /** Configures the encoder; resolves to an error text when the configuration is unsupported. */
  start(config: VideoEncoderConfig): Promise<string | null>;
  /**
   * Decodes one PNG screenshot and queues it for encoding with the given VP9 quantizer
   * (0 best .. 63 smallest; the encoder runs with bitrateMode 'quantizer'); resolves to the
   * encoder's error, if any.
   */
  encodePng(
    base64: string,
    timestampUs: number,
    durationUs: number,
    keyFrame: boolean,
    quantizer: number,
  ): Promise<string | null>;
  /** Flushes the encoder and resolves to the number of encoded frames. */
  finish(): Promise<number>;
  batch(from: number, to: number): TransferredFrame[];
  checkVideo(src: string, playForMs: number): Promise<VideoCheck>;
}

declare global {
  interface Window {
    __demoEncoder?: DemoEncoder;
  }
}

/** Chromium's per-frame VP9 quantizer option, not in TypeScript's DOM types yet. */
type Vp9EncodeOptions = VideoEncoderEncodeOptions & { vp9: { quantizer: number } };

/** In-flight frames before encodePng waits: enough to keep the encoder busy, not the whole video in memory. */
const MAX_QUEUED_FRAMES = 3;
/** btoa takes a string; String.fromCharCode takes this many bytes at a time safely. */
const BASE64_SLICE_BYTES = 0x8000;

interface EncodedFrame {
  readonly timestampUs: number;
  readonly keyFrame: boolean;
  readonly data: Uint8Array;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += BASE64_SLICE_BYTES) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + BASE64_SLICE_BYTES));
  }
  return btoa(binary);
}

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function videoEvent(video: HTMLVideoElement, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    video.addEventListener(name, () => resolve(), { once: true });
    video.addEventListener(
      'error',
      () => reject(new Error(`video error ${video.error?.code}: ${video.error?.message}`)),
      { once: true },
    );
  });
}

function distinctGreyLevels(video: HTMLVideoElement): number {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return 0;
  context.drawImage(video, 0, 0);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const levels = new Set<number>();
  for (let offset = 0; offset < pixels.length; offset += 4)
    levels.add((pixels[offset] + pixels[offset + 1] + pixels[offset + 2]) >> 2);
  return levels.size;
}

function createDemoEncoder(): DemoEncoder {
  const frames: EncodedFrame[] = [];
  let failure: string | null = null;
  let encoder: VideoEncoder | null = null;

  return {
    async start(config) {
      const support = await VideoEncoder.isConfigSupported(config);
      if (!support.supported) return `encoding is not supported: ${JSON.stringify(config)}`;
      encoder = new VideoEncoder({
        output: (chunk) => {
          const data = new Uint8Array(chunk.byteLength);
          chunk.copyTo(data);
          frames.push({ timestampUs: chunk.timestamp, keyFrame: chunk.type === 'key', data });
        },
        error: (error) => {
          failure = String(error);
        },
      });
      encoder.configure(config);
      return null;
    },

    async encodePng(base64, timestampUs, durationUs, keyFrame, quantizer) {
      if (!encoder) return 'encoder not started';
      if (failure) return failure;
      const bitmap = await createImageBitmap(new Blob([fromBase64(base64)], { type: 'image/png' }));
      const frame = new VideoFrame(bitmap, { timestamp: timestampUs, duration: durationUs });
      const encodeOptions: Vp9EncodeOptions = { keyFrame, vp9: { quantizer } };
      encoder.encode(frame, encodeOptions);
      frame.close();
      bitmap.close();
      const active = encoder;
      while (active.encodeQueueSize > MAX_QUEUED_FRAMES) {
        await new Promise((resolve) => active.addEventListener('dequeue', resolve, { once: true }));
      }
      return failure;
    },

    async finish() {
      if (!encoder) throw new Error('encoder not started');
      await encoder.flush();
      encoder.close();
      if (failure) throw new Error(failure);
      return frames.length;
    },

    batch(from, to) {
      return frames
        .slice(from, to)
        .map((frame) => ({ timestampUs: frame.timestampUs, keyFrame: frame.keyFrame, base64: toBase64(frame.data) }));
    },

    async checkVideo(src, playForMs) {
      const video = document.createElement('video');
      video.muted = true;
      video.src = src;
      document.body.append(video);
      if (video.readyState < 2) await videoEvent(video, 'loadeddata');
      const durationS = video.duration;
      const readyState = video.readyState;
      video.currentTime = durationS * 0.6;
      await videoEvent(video, 'seeked');
      const seekedToS = video.currentTime;
      const distinctLevels = distinctGreyLevels(video);
      video.currentTime = 0;
      await videoEvent(video, 'seeked');
      await video.play();
      const before = video.currentTime;
      await new Promise((resolve) => setTimeout(resolve, playForMs));
      const advancedS = video.currentTime - before;
      video.pause();
      return {
        durationS,
        width: video.videoWidth,
        height: video.videoHeight,
        readyState,
        advancedS,
        seekedToS,
        distinctLevels,
      };
    },
  };
}

window.__demoEncoder = createDemoEncoder();
