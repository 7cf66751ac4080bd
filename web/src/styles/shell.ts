/**
 * Mantine styles the first paint needs: the base, and the components of the app shell (header, footer,
 * loaders, errors) and of the landing page, in Mantine's own order (some components build on others).
 * Layered (`@layer mantine`), so the app's CSS modules win whatever order the files arrive in. The other
 * areas load the complete stylesheet (./all.ts) with their chunk; the lazily loaded header parts and the
 * toasts import their own few files.
 *
 * Using a Mantine component in always-loaded code or on the home page? Add its file here.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
