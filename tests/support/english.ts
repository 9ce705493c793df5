/** Setup of every unit test: the interface speaks English, from the shipped English catalogue. */
import { useCatalogue } from './catalogue';

useCatalogue('en');
