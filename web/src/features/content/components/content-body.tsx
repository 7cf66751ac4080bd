/** The HTML body of a page or article, with the site's reading typography. */
import classes from './content-body.module.css';

export function ContentBody({ html }: { html: string }) {
  return (
    <div
      className={classes.body}
      // Safe only because the server sanitizes Text with an allow-list when it is saved (no scripts, no
      // event handlers, no javascript: URLs; docs/product.md#api); never render HTML from anywhere else here.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
