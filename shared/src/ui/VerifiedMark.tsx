import './tokens.css';
import './verified-mark.css';

/**
 * The mark beside a verified author's name (their page, their programs, the admin's list): an admin checked who
 * they are. Its words say so to a screen reader as well as on hover.
 */
export function VerifiedMark() {
  return (
    <span className="lb-verified" title="An administrator verified who this author is.">
      <span aria-hidden="true">✓</span> Verified
    </span>
  );
}
