import { Link } from "../../components/Link";
import "../../styles/contact.css";

/** /contact/success: where a stored message lands (noindex, see the route metadata). */
export function ContactSuccessPage() {
  return (
    <div className="container contact">
      <div className="card contact__card contact__card--success">
        <h1>Thank you</h1>
        <p>Your message has been received. We answer every inquiry within one business day.</p>
        <Link to="/" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
