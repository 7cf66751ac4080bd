/** The name words of the patient searches live in the shared package (the back office's search uses them too). */
export { MAX_NAME_WORDS, foldText, matchesAllWords, nameWords } from '@nutri/shared';
