/**
 * The emoji of the picker's one category, people (docs/product.md#screens: people category only): Unicode's
 * "Smileys & Emotion" faces and "People & Body" hands and persons, in Unicode's order (emoji-test.txt),
 * default skin tone, Emoji 12 or older so common system fonts draw them all. No dataset package: the
 * list is short and fixed. Written as space-separated rows (some emoji are several code points).
 */
const ROWS = [
  // Faces: smiling, affection, tongue, hand, neutral, sleepy, unwell, hat, glasses, concerned, negative,
  // costume, cat and monkey faces.
  '😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰',
  '😍 🤩 😘 😗 😚 😙 😋 😛 😜 🤪 😝 🤑 🤗 🤭',
  '🤫 🤔 🤐 🤨 😐 😑 😶 😏 😒 🙄 😬 🤥 😌 😔',
  '😪 🤤 😴 😷 🤒 🤕 🤢 🤮 🤧 🥵 🥶 🥴 😵 🤯',
  '🤠 🥳 😎 🤓 🧐 😕 😟 🙁 😮 😯 😲 😳 🥺 😦',
  '😧 😨 😰 😥 😢 😭 😱 😖 😣 😞 😓 😩 😫 🥱',
  '😤 😡 😠 🤬 😈 👿 💀 🤡 👻 👽 🤖 💩 😺 😸',
  '😹 😻 😼 😽 🙀 😿 😾 🙈 🙉 🙊',
  // Hands and body parts.
  '👋 🤚 🖐️ ✋ 🖖 👌 🤏 ✌️ 🤞 🤟 🤘 🤙 👈 👉',
  '👆 👇 ☝️ 👍 👎 ✊ 👊 🤛 🤜 👏 🙌 👐 🤲 🤝',
  '🙏 ✍️ 💪 🦾 👀 👁️ 👅 👄 🧠 🦷',
  // Persons: ages, gestures, roles and activities.
  '👶 🧒 👦 👧 🧑 👱 👨 🧔 👩 🧓 👴 👵 🙍 🙎',
  '🙅 🙆 💁 🙋 🧏 🙇 🤦 🤷 🧑‍⚕️ 👩‍⚕️ 👨‍⚕️ 🧑‍🍳 🏃 🚶',
  '🧘 🤸 🏋️ 🚴 🏊 💃 🕺 👪',
];

export const PEOPLE_EMOJI: readonly string[] = ROWS.flatMap((row) => row.split(' '));
