/** Camera, microphone and speaker pickers, before and during the call. */
import { NativeSelect, Stack, Text } from '@mantine/core';
import { canChooseSpeaker } from '../media/devices';
import type { LocalMedia } from '../media/use-local-media';

const options = (devices: MediaDeviceInfo[], fallback: string) =>
  devices.map((device, index) => ({
    value: device.deviceId,
    label: device.label || `${fallback} ${index + 1}`,
  }));

/** A camera or microphone picker; disabled, naming the lack, when the device has none. */
function InputSelect({
  label,
  none,
  devices,
  chosen,
  onChoose,
}: {
  label: string;
  none: string;
  devices: MediaDeviceInfo[];
  chosen: string | null | undefined;
  onChoose: (deviceId: string) => void;
}) {
  return (
    <NativeSelect
      label={label}
      data={devices.length ? options(devices, label) : [{ value: '', label: none }]}
      value={chosen ?? ''}
      disabled={devices.length === 0}
      onChange={(event) => onChoose(event.currentTarget.value)}
    />
  );
}

export function DevicePickers({ media }: { media: LocalMedia }) {
  const { devices, choice } = media;
  const speakers = canChooseSpeaker() && devices.speakers.length > 0;
  return (
    <Stack gap="sm">
      <InputSelect
        label="Videocamera"
        none="Nessuna videocamera"
        devices={devices.cameras}
        chosen={choice.cameraId}
        onChoose={(deviceId) => void media.switchDevice('video', deviceId)}
      />
      <InputSelect
        label="Microfono"
        none="Nessun microfono"
        devices={devices.microphones}
        chosen={choice.microphoneId}
        onChoose={(deviceId) => void media.switchDevice('audio', deviceId)}
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
