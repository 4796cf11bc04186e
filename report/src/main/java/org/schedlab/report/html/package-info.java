/**
 * The static HTML report of a test run ({@link org.schedlab.report.html.HtmlReport}) and of merged shards
 * ({@link org.schedlab.report.html.MergedHtml}): pages that open from the file system with nothing fetched.
 *
 * <p>API: those two classes. Internal: the pages, the summary charts' figures and the escaping.
 */
package org.schedlab.report.html;
