/** Camera, microphone and speaker pickers, before and during the call. */
import { NativeSelect, Stack, Text } from '@mantine/core';
import { canChooseSpeaker } from '../media/devices';
import type { LocalMedia } from '../media/use-local-media';

const options = (devices: MediaDeviceInfo[], fallback: string) =>
  devices.map((device, index) => ({
    value: device.deviceId,
    label: device.label || `${fallback} ${index + 1}`,
  }));

export function DevicePickers({ media }: { media: LocalMedia }) {
  const { devices, choice } = media;
  const speakers = canChooseSpeaker() && devices.speakers.length > 0;
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Videocamera"
        data={
          devices.cameras.length
            ? options(devices.cameras, 'Videocamera')
            : [{ value: '', label: 'Nessuna videocamera' }]
        }
        value={choice.cameraId ?? ''}
        disabled={devices.cameras.length === 0}
        onChange={(event) => void media.switchDevice('video', event.currentTarget.value)}
      />
      <NativeSelect
        label="Microfono"
        data={
          devices.microphones.length
            ? options(devices.microphones, 'Microfono')
            : [{ value: '', label: 'Nessun microfono' }]
        }
        value={choice.microphoneId ?? ''}
        disabled={devices.microphones.length === 0}
        onChange={(event) => void media.switchDevice('audio', event.currentTarget.value)}
      />
      {speakers ? (
        <NativeSelect
          label="Altoparlante"
          data={options(devices.speakers, 'Altoparlante')}
          value={choice.speakerId ?? devices.speakers[0]?.deviceId ?? ''}
          onChange={(event) => media.setSpeaker(event.currentTarget.value)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          L’audio esce dall’altoparlante scelto nelle impostazioni del dispositivo.
        </Text>
      )}
    </Stack>
  );
}
