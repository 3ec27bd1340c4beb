// Staking and lending need approved identity verification (spec §9: until then a customer only moves
// crypto in and out); the API refuses them with kyc_approval_required. A screen that offers either
// says so before the customer tries, with the way there; what it lists stays in view. The screen
// gives its own words (its namespace) and shows the notice once the profile says KYC is not approved
// (useKycApproved() === false), never while it loads.
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import './kyc-required.css';

export interface KycRequiredNoticeProps {
  /** "Verify your identity to stake". */
  readonly title: string;
  /** Why, and what still works meanwhile. */
  readonly body: string;
  /** The link's words; it leads to /account/kyc. */
  readonly link: string;
}

export function KycRequiredNotice({ title, body, link }: KycRequiredNoticeProps) {
  const titleId = useId();
  return (
    <div className="kyc-required" role="note" aria-labelledby={titleId}>
      <ShieldAlert size={20} aria-hidden="true" />
      <div>
        <p id={titleId} className="kyc-required__title">
          {title}
        </p>
        <p>{body}</p>
        <Link to="/account/kyc">{link}</Link>
      </div>
    </div>
  );
}
