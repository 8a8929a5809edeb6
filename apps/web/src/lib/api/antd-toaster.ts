import { message } from 'antd';
import { setToaster } from './toaster.ts';

// The desktop portal's and the console's red toast: antd's message (imported for its effect).
setToaster((content, seconds) => void message.error(content, seconds));
