/** The countdown to the room's opening: '1 h 05 min', or minutes and seconds ('12:04') under an hour. */
const pad = (value: number) => String(value).padStart(2, '0');

export const countdownText = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  return `${pad(minutes)}:${pad(seconds % 60)}`;
};
