import { messages } from '@streamdesk/contract/messages';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/ui/button';
import { MessagePage } from '@/ui/message-page';

/** /Error: where a thrown call lands (doc 1 section 8). */
export default function ErrorPage() {
  const navigate = useNavigate();
  return (
    <MessagePage code="Error" message={messages.errorPage}>
      <Button onClick={() => void navigate(paths.home.getHref())}>Go to Home</Button>
    </MessagePage>
  );
}
