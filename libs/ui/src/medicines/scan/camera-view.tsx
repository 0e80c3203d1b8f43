import { useEffect, useRef, useState } from 'react';
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { decodeOnce } from './decoder';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  video: {
    width: '100%',
    maxHeight: '55vh',
    objectFit: 'contain',
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** How often a frame is decoded: often enough to feel instant, rarely enough to spare a phone's battery. */
const frameIntervalMs = 200;

/**
 * The camera's picture, read frame by frame until a code is found (then `onCode` once). Loaded
 * with the decoder as its own chunk when "Scan pack" is pressed; the camera stops on unmount.
 */
export default function CameraView({
  onCode,
  onUnavailable,
}: {
  onCode: (text: string) => void;
  onUnavailable: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const video = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState(false);
  // The latest callbacks, without restarting the camera when the parent re-renders.
  const callbacks = useRef({ onCode, onUnavailable });
  callbacks.current = { onCode, onUnavailable };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readFrame = async () => {
      if (stopped || !video.current) return;
      const text = video.current.readyState >= 2 ? await decodeOnce(video.current).catch(() => null) : null;
      if (stopped) return;
      if (text) callbacks.current.onCode(text);
      else timer = setTimeout(readFrame, frameIntervalMs);
    };
    (async () => {
      try {
        // The back camera on a phone; any camera on a laptop.
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch {
        if (!stopped) callbacks.current.onUnavailable();
        return;
      }
      if (stopped || !video.current) return stream.getTracks().forEach((track) => track.stop());
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setLive(true);
      void readFrame();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className={styles.root}>
      <Text>{t('scan.cameraHint')}</Text>
      {!live && <Spinner size="small" label={t('scan.starting')} />}
      <video ref={video} className={styles.video} muted playsInline aria-label={t('scan.title')} />
    </div>
  );
}
