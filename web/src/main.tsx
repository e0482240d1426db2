import { startApp } from './app/start';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing in index.html');
void startApp(container);
