import BowlerTraxKit

/// Exit codes, after BSD's sysexits.h so scripts can tell failures apart (listed in docs/troubleshooting.md).
enum ExitCode {
    static let success: Int32 = 0
    /// Anything else that failed while running.
    static let failure: Int32 = 1
    /// EX_USAGE: the command line is wrong.
    static let usage: Int32 = 64
    /// EX_DATAERR: the input is not usable (not a video, a bad calibration, no ball colour match).
    static let dataError: Int32 = 65
    /// EX_NOINPUT: an input file does not exist or cannot be read.
    static let noInput: Int32 = 66
    /// EX_UNAVAILABLE: the camera does not exist, is busy or went away; the database server cannot be reached or went away.
    static let unavailable: Int32 = 69
    /// EX_CANTCREAT: the database cannot be created or written there.
    static let cannotCreate: Int32 = 73
    /// EX_IOERR: the disk is full, or the database file is damaged.
    static let ioError: Int32 = 74
    /// EX_TEMPFAIL: the database stayed locked by another process; try again.
    static let temporaryFailure: Int32 = 75
    /// EX_CONFIG: the database is from a newer BowlerTrax, or not a BowlerTrax database.
    static let configuration: Int32 = 78

    static func code(for error: Error) -> Int32 {
        switch error {
        case let error as FrameSourceError:
            switch error {
            case .fileNotFound, .folder: return noInput
            case .noSuchDevice, .deviceBusy, .notACaptureDevice, .formatNotOffered, .cameraUnplugged, .systemCall: return unavailable
            default: return dataError
            }
        case let error as CalibrationError:
            switch error {
            case .unreadable: return noInput
            default: return dataError
            }
        case let error as StoreError: return code(for: error)
        case is ProfileError: return dataError
        case is OutputFileError: return cannotCreate
        default: return failure
        }
    }

    static func code(for error: StoreError) -> Int32 {
        switch error {
        case .locked: return temporaryFailure
        case .cannotConnect, .connectionLost: return unavailable
        case .unsupportedLocation: return usage
        case .diskFull, .corrupt: return ioError
        case .newerSchema, .notADatabase, .notABowlerTraxDatabase: return configuration
        case .cannotCreateDirectory, .cannotOpen, .readOnly: return cannotCreate
        case .sessionNotFound, .sessionNameNotFound, .sessionNameAmbiguous, .sessionNameTaken, .shotNotFound, .unknownCenter, .centerExists,
             .noCalibration, .calibrationUnreadable, .strikeWithPinsLeft, .invalidPins: return dataError
        default: return failure
        }
    }
}
