/**
 * Commit messages: conventional commits (type(scope): subject), the subject line at most 72
 * characters. Checked by the commit-msg hook and, for the commits since the rule came in, by CI.
 */
export default {
  extends: ['@commitlint/config-conventional'],
  rules: {
    'header-max-length': [2, 'always', 72],
    // A subject may begin with a name as written in the code or the product (PDF, A/B, SuggestMakeup).
    'subject-case': [0],
    // Bodies may quote commands, paths and addresses longer than a line.
    'body-max-line-length': [0],
    'footer-max-line-length': [0],
  },
};
