/**
 * Every Mantine style (layered), for the areas beyond the landing page: imported by their area modules,
 * so it arrives with the first of them and never blocks the first paint of `/`.
 */
import '@mantine/core/styles.layer.css';
