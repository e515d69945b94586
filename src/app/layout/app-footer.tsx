import { Link } from "react-router";

export function AppFooter() {
  return (
    <footer className="app-footer">
      <nav aria-label="Footer" className="app-footer__links">
        <Link to="/terms-and-conditions">Terms and Conditions</Link>
        <Link to="/terms-and-conditions/lrp">LRP Terms</Link>
        <Link to="/faq">FAQ</Link>
        <Link to="/contact-us">Contact Us</Link>
        <Link to="/media">Media</Link>
      </nav>
      <p className="app-footer__note">
        Rangeline quotes are estimates for planning. Coverage is bought through a licensed crop insurance
        agent and is subject to USDA RMA rules.
      </p>
    </footer>
  );
}
