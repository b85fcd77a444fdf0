import WavePush
