import { messages } from '@streamdesk/contract/messages';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorPageFrom } from '@/lib/error-page-state';
import { Button } from '@/ui/button';
import { MessagePage } from '@/ui/message-page';

/**
 * /Error: where a thrown call lands (doc 1 section 8). Try again opens the screen the person was on
 * (the query client passes it in the navigation's state) in place of /Error; opened without one, it
 * steps back in the browser's history.
 */
export default function ErrorPage() {
  const navigate = useNavigate();
  const from = errorPageFrom(useLocation().state);
  const tryAgain = () => void (from ? navigate(from, { replace: true }) : navigate(-1));
  return (
    <MessagePage code="Error" message={messages.errorPage}>
      <Button variant="secondary" onClick={tryAgain}>
        Try again
      </Button>
      <Button onClick={() => void navigate(paths.home.getHref())}>Go to Home</Button>
    </MessagePage>
  );
}
