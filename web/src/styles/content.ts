/**
 * Mantine styles of the public content pages (app/areas/content.ts) beyond those of ./shell.ts, in
 * Mantine's order (some components build on others). The full stylesheet is not needed there; a content
 * page that starts using another Mantine component adds its file here.
 */
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
